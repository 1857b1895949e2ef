// The one error the background throws: its code goes to the server as the command's error code.
export class CommandError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}
