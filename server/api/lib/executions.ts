/** A statement batch running on this instance, so a second request can stop it. */
interface Running {
  ownerId: string;
  databaseId: string;
  stop(reason: "cancel"): Promise<void>;
}

export class Executions {
  private readonly running = new Map<string, Running>();

  add(executionId: string, running: Running): () => void {
    this.running.set(executionId, running);
    return () => {
      if (this.running.get(executionId) === running) this.running.delete(executionId);
    };
  }

  /** Stops the execution if it is the caller's, on that database; false when there is none. */
  async cancel(executionId: string, ownerId: string, databaseId: string): Promise<boolean> {
    const running = this.running.get(executionId);
    if (!running || running.ownerId !== ownerId || running.databaseId !== databaseId) return false;
    await running.stop("cancel");
    return true;
  }
}
