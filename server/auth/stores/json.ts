/** A JSON value as the stores keep it (user and team metadata). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
