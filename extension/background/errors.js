// The one error the background throws: its code goes to the server as the command's error code. `field`: the
// field an engine's confirmation_needed names (the background asks the user about it; it never reaches the server).
export class CommandError extends Error {
  constructor(code, message, field = null) {
    super(message);
    this.code = code;
    this.field = field;
  }
}
