// Pause and take over (issue 14, item 3): the popup's Pause button and the keyboard shortcut stop the agent at
// once. The running commands fail with paused_by_user (capabilities.js reports an abort whose reason is a
// CommandError), and every new one fails the same way (user_control.js) until the user resumes.
import { failAllCommands } from "./capabilities.js";
import { savePaused } from "./control_store.js";
import { CommandError } from "./errors.js";

export async function pauseAgent() {
  // Paused first, then stop what runs: an agent told paused_by_user must find the next call refused too, and a
  // command that got past the check before the write is still running, so it is stopped here.
  await savePaused(true);
  failAllCommands(
    new CommandError("paused_by_user", "The user paused the agent in the Hermes popup; this action was cancelled."),
  );
}

export const resumeAgent = () => savePaused(false);
