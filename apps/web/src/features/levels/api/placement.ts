import { ENDPOINTS } from '@tokenly/contract/endpoints';
import type { PlacementAnswerBody, PlacementState } from '@tokenly/contract/placement';
import { api, endpointPath } from '../../../lib/api-client';

type StateBody = { data: PlacementState };

export const startPlacement = () =>
  api.post<StateBody>(ENDPOINTS.placementStart.path).then((body) => body.data);

export const getPlacement = (token: string) =>
  api.get<StateBody>(endpointPath(ENDPOINTS.placementState.path, { token })).then((body) => body.data);

export const answerPlacement = (token: string, body: PlacementAnswerBody) =>
  api
    .post<StateBody>(endpointPath(ENDPOINTS.placementAnswer.path, { token }), body)
    .then((response) => response.data);
