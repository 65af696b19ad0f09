import { callApi } from '../../../lib/api-client';

export const logout = () => callApi('logout');
