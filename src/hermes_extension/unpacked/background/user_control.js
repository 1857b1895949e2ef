// The user's control over the agent, checked in the service worker before any capability runs.
// Site permissions, confirmations and pause are built here (issue 14); until then every command may run.

// Resolves when the command may run; throws a CommandError (permission_pending, site_blocked, user_declined,
// paused_by_user) when it may not.
export async function checkUserControl(_command) {}
