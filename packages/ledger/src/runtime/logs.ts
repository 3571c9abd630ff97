/** Solana stops recording program logs past 10,000 bytes and says so once. */
const LOG_BYTES_LIMIT = 10_000;

export class LogCollector {
  readonly messages: string[] = [];
  private bytes = 0;
  private truncated = false;

  push(message: string): void {
    if (this.truncated) return;
    this.bytes += message.length;
    if (this.bytes > LOG_BYTES_LIMIT) {
      this.truncated = true;
      this.messages.push("Log truncated");
      return;
    }
    this.messages.push(message);
  }
}
