// s3rver 3.7.1 ships no types: the part of its API the bucket tests use (a real S3-compatible server in-process).
declare module "s3rver" {
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    /** Starts listening; answers the bound address (port 0: a free one). */
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
