// Warnings shown to the user beside the drift: each once, and not thousands (a hostile
// repository can make the same problem happen at every one of many instances).
const MAX_WARNINGS = 50;

export class Warnings extends Array<string> {
  override push(...messages: string[]): number {
    for (const message of messages) {
      if (this.length < MAX_WARNINGS && !this.includes(message)) super.push(message);
    }
    return this.length;
  }
}
