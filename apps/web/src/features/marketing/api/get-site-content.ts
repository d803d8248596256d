import { useQuery } from '@tanstack/react-query';
import { siteContentQueryOptions } from './site-content-query';

/** The school's teachers, course tabs and store addresses (GET site). */
export const useSiteContent = () => useQuery(siteContentQueryOptions());
