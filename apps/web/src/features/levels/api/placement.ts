import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { PlacementAnswerBody } from '@tokenly/contract/placement';
import { api } from '../../../lib/api-client';

export const startPlacement = () => api.call(ENDPOINTS.placementStart).then((body) => body.data);

export const getPlacement = (token: string) =>
  api.call(ENDPOINTS.placementState, { params: { token } }).then((body) => body.data);

export const answerPlacement = (token: string, body: PlacementAnswerBody) =>
  api.call(ENDPOINTS.placementAnswer, { params: { token }, body }).then((response) => response.data);
