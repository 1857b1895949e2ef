"""JavaScript dialogs: the open ones, which block their page's JavaScript, and how the last ones ended.  No I/O.

A dialog arrives natively (``Page.javascriptDialogOpening``) or through the dialog bridge (a
``Fetch.requestPaused`` for the bridge host, see ``bridge``); ``SupervisorState`` routes both
to ``Dialogs.open``.  What happens next is the policy's choice:

* ``must_respond``: the dialog stays pending until the agent answers it (``browser_dialog``),
  or a watchdog dismisses it after ``timeout_s``;
* ``auto_dismiss`` / ``auto_accept``: it is answered at once.

An action that names ``dialog`` (``arm``) answers the first one its own input opens instead.  One that opens
while the input is on its way waits for the input's reply first (``AwaitInputReply``, ``input_settled``): a
reply that comes says the page had handled the input already, and the dialog is a later task's.

Every closed dialog joins a ring of the last ``RECENT_DIALOGS_MAX``, with ``closed_by``:
``agent``, ``auto_policy``, ``watchdog``, or ``remote`` (the browser or a provider's proxy
closed it, or its page, frame or session went away).

The transitions return *effects* (``AnswerDialog``, ``ArmWatchdog``, ``AwaitInputReply``) for the supervisor to
carry out; this module never talks to the browser.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from hermes_wire.errors import ToolError

MUST_RESPOND = "must_respond"
AUTO_DISMISS = "auto_dismiss"
AUTO_ACCEPT = "auto_accept"

RECENT_DIALOGS_MAX = 20

CLOSED_BY_AGENT = "agent"
CLOSED_BY_POLICY = "auto_policy"
CLOSED_BY_WATCHDOG = "watchdog"
CLOSED_BY_REMOTE = "remote"


@dataclass(frozen=True)
class PendingDialog:
    """An open dialog.  ``cdp_session_id`` is where to answer it; ``bridge_request_id`` marks a bridged one."""

    id: str
    type: str
    message: str
    default_prompt: str
    opened_at: float
    cdp_session_id: str
    tab_target_id: str
    frame_id: str | None = None
    bridge_request_id: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.type, "message": self.message, "opened_at": self.opened_at}


@dataclass(frozen=True)
class DialogRecord:
    """A closed dialog, as listed in ``recent_dialogs``."""

    dialog: PendingDialog
    closed_at: float
    closed_by: str

    def as_json(self) -> dict[str, Any]:
        return self.dialog.as_json() | {"closed_at": self.closed_at, "closed_by": self.closed_by}


@dataclass(frozen=True)
class AnswerDialog:
    """Answer ``dialog`` natively (``Page.handleJavaScriptDialog``) or through the bridge (``Fetch.fulfillRequest``)."""

    dialog: PendingDialog
    accept: bool
    prompt_text: str


@dataclass(frozen=True)
class ArmWatchdog:
    """Call ``watchdog_fired(dialog_id)`` after ``delay_s`` unless the dialog closed before."""

    dialog_id: str
    delay_s: float


@dataclass(frozen=True)
class AwaitInputReply:
    """Call ``input_settled(dialog_id, replied)`` once the action's input on the controlled tab has its reply, or
    after ``within_s`` without one (``replied`` False): the dialog opened while that input was on its way."""

    dialog_id: str
    within_s: float


DialogEffect = AnswerDialog | ArmWatchdog | AwaitInputReply

#: How long a dialog that opens while the action's input is on its way waits for that input's reply before it is
#: taken for the input's own. Chromium replies to an ``Input.dispatch…`` command once the page has handled the
#: event, and a dialog opened by the event's handlers holds that reply until the dialog closes; a dialog from the
#: page's next task (a ``setTimeout(…, 0)``) comes after the reply was sent, but its event may overtake the reply,
#: which travels another way.  The reply then follows within milliseconds.
INPUT_REPLY_GRACE_S = 0.3

#: The dialogs an action's own ``dialog`` argument answers (``Dialogs.arm``): a beforeunload follows the policy,
#: as the extension lane's page guard lets every navigation go.
AGENT_ANSWERABLE = frozenset({"alert", "confirm", "prompt"})


@dataclass
class AgentAnswer:
    """The answer an action named for the first dialog it opens on ``tab_target_id``; ``answered``, once it did."""

    tab_target_id: str
    action: str
    prompt_text: str | None
    #: whether the action's input is still being handled (a dialog then is the input's own, a later one a timer's)
    input_going: Callable[[], bool] = lambda: True
    answered: PendingDialog | None = None

    def as_json(self) -> dict[str, Any] | None:
        """The action's ``dialog`` result field: the page's type and message, and the answer given."""
        if self.answered is None:
            return None
        answer = "accept" if self.answered.type == "alert" else self.action
        return {"type": self.answered.type, "message": self.answered.message, "answer": answer}


class Dialogs:
    """The pending dialogs and the recent ones, under one policy."""

    def __init__(self, policy: str = MUST_RESPOND, timeout_s: float = 300.0) -> None:
        self._policy = policy
        self._timeout_s = timeout_s
        self._pending: dict[str, PendingDialog] = {}
        self._recent: deque[DialogRecord] = deque(maxlen=RECENT_DIALOGS_MAX)
        self._opened = 0
        self._ids = itertools.count(1)
        self._agent_answer: AgentAnswer | None = None
        #: dialogs opened while an action's input was on its way, until its reply says whose they are
        self._deciding: dict[str, tuple[PendingDialog, AgentAnswer]] = {}

    # ----- reading -----

    @property
    def pending(self) -> Mapping[str, PendingDialog]:
        """Every open dialog by id, oldest first (a read-only view)."""
        return MappingProxyType(self._pending)

    @property
    def recent(self) -> tuple[DialogRecord, ...]:
        """The last closed dialogs, oldest first."""
        return tuple(self._recent)

    @property
    def opened(self) -> int:
        """How many dialogs have started waiting for an answer: a caller reads it before an action, and a
        different reading afterwards means a dialog opened during the action."""
        return self._opened

    def pending_on(self, tab_target_id: str) -> list[PendingDialog]:
        return [d for d in self._pending.values() if d.tab_target_id == tab_target_id]

    def pending_json(self) -> list[dict[str, Any]]:
        """``pending_dialogs`` as the agent reads it."""
        return [d.as_json() for d in self._pending.values()]

    def recent_json(self) -> list[dict[str, Any]]:
        """``recent_dialogs`` as the agent reads it."""
        return [r.as_json() for r in self._recent]

    # ----- an action's own answer -----

    def arm(
        self, tab_target_id: str, action: str, prompt_text: str | None, input_going: Callable[[], bool] = lambda: True
    ) -> AgentAnswer:
        """From now until ``disarm``, the first alert, confirm or prompt that opens on ``tab_target_id`` while
        ``input_going()``, and holds the input's reply (``input_settled``), is answered with ``action`` (the agent
        named it for the dialog its action's input opens), whatever the policy."""
        self._agent_answer = AgentAnswer(tab_target_id, action, prompt_text, input_going)
        return self._agent_answer

    def disarm(self) -> None:
        """The action's input is over: a dialog from now on follows the policy."""
        self._agent_answer = None

    # ----- opening -----

    def open(
        self,
        kind: str,
        message: str,
        default_prompt: str,
        *,
        now: float,
        session_id: str,
        tab_target_id: str,
        frame_id: str | None,
        bridge_request_id: str | None = None,
    ) -> list[DialogEffect]:
        """A dialog opened on ``session_id`` (a bridged one if ``bridge_request_id``): hold it, or answer it now."""
        dialog = PendingDialog(
            f"d-{next(self._ids)}",
            kind,
            message,
            default_prompt,
            now,
            session_id,
            tab_target_id,
            frame_id,
            bridge_request_id,
        )
        armed = self._agent_answer
        if (
            armed is not None
            and armed.answered is None
            and armed.tab_target_id == tab_target_id
            and kind in AGENT_ANSWERABLE
            and armed.input_going()
        ):
            self._deciding[dialog.id] = (dialog, armed)
            return [AwaitInputReply(dialog.id, INPUT_REPLY_GRACE_S)]
        return self._by_policy(dialog, now)

    def input_settled(self, dialog_id: str, replied: bool, now: float) -> list[DialogEffect]:
        """The action's input, on its way as ``dialog_id`` opened, has had its reply (``replied``: the dialog came
        after the page handled it: the policy's) or has none yet (the dialog holds it: the input's own, answered
        as the agent said, unless the action has ended since)."""
        deciding = self._deciding.pop(dialog_id, None)
        if deciding is None:
            return []  # closed meanwhile (its tab or frame went away)
        dialog, armed = deciding
        if replied or armed is not self._agent_answer or armed.answered is not None:
            return self._by_policy(dialog, now)
        armed.answered = dialog
        self._recent.append(DialogRecord(dialog, now, CLOSED_BY_AGENT))
        accept = dialog.type == "alert" or armed.action == "accept"
        text = (dialog.default_prompt if armed.prompt_text is None else armed.prompt_text) if accept else ""
        return [AnswerDialog(dialog, accept, text)]

    def _by_policy(self, dialog: PendingDialog, now: float) -> list[DialogEffect]:
        if self._policy == MUST_RESPOND:
            self._pending[dialog.id] = dialog
            self._opened += 1
            return [ArmWatchdog(dialog.id, self._timeout_s)]
        accept = self._policy == AUTO_ACCEPT
        self._recent.append(DialogRecord(dialog, now, CLOSED_BY_POLICY))
        return [AnswerDialog(dialog, accept, dialog.default_prompt if accept else "")]

    # ----- closing -----

    def answer(
        self, action: str, prompt_text: str | None, dialog_id: str | None, tab_target_id: str | None, now: float
    ) -> tuple[PendingDialog, list[DialogEffect]]:
        """The agent answers a dialog: ``dialog_id``'s, or the only one pending (on ``tab_target_id``, if given)."""
        candidates = self.pending_on(tab_target_id) if tab_target_id is not None else list(self._pending.values())
        if dialog_id is not None:
            dialog = self._pending.get(dialog_id)
            if dialog is None:
                open_ids = ", ".join(self._pending) or "none"
                raise ToolError(
                    "invalid_arguments",
                    f"No pending dialog {dialog_id}; pending: {open_ids}. browser_snapshot lists pending_dialogs, "
                    "and recent_dialogs says how closed ones ended.",
                )
        elif not candidates:
            last = self._recent[-1] if self._recent else None
            hint = f" The last one, {last.dialog.id}, was closed by {last.closed_by}." if last else ""
            raise ToolError("invalid_arguments", f"No dialog is open.{hint}")
        elif len(candidates) > 1:
            raise ToolError(
                "invalid_arguments",
                f"{len(candidates)} dialogs are open ({', '.join(d.id for d in candidates)}); pass dialog_id.",
            )
        else:
            dialog = candidates[0]
        accept = action == "accept"
        text = (dialog.default_prompt if prompt_text is None else prompt_text) if accept else ""
        self._close(dialog, now, CLOSED_BY_AGENT)
        return dialog, [AnswerDialog(dialog, accept, text)]

    def watchdog_fired(self, dialog_id: str, now: float) -> list[DialogEffect]:
        """``must_respond`` ran out of patience: dismiss the dialog if it is still open."""
        dialog = self._pending.get(dialog_id)
        if dialog is None:
            return []
        self._close(dialog, now, CLOSED_BY_WATCHDOG)
        return [AnswerDialog(dialog, False, "")]

    def closed_by_browser(self, session_id: str, frame_id: str | None, now: float) -> None:
        """``Page.javascriptDialogClosed`` on ``session_id``: its native dialogs (in ``frame_id``, if given) closed."""
        self._close_remote(
            lambda d: (
                d.cdp_session_id == session_id
                and d.bridge_request_id is None
                and (frame_id is None or d.frame_id in (None, frame_id))
            ),
            now,
        )

    def documents_gone(self, frame_ids: Collection[str], now: float) -> None:
        """These frames' documents went away: a bridged dialog's request died with its document."""
        self._close_remote(lambda d: d.bridge_request_id is not None and d.frame_id in frame_ids, now)

    def tab_gone(self, tab_target_id: str, now: float) -> None:
        """The tab closed or its renderer crashed: nobody can answer its dialogs any more."""
        self._close_remote(lambda d: d.tab_target_id == tab_target_id, now)

    def session_gone(self, session_id: str, now: float) -> None:
        """An OOPIF's session went away, and the dialogs opened through it with it."""
        self._close_remote(lambda d: d.cdp_session_id == session_id, now)

    def _close_remote(self, matches: Callable[[PendingDialog], bool], now: float) -> None:
        for dialog in [d for d in self._pending.values() if matches(d)]:
            self._close(dialog, now, CLOSED_BY_REMOTE)
        for dialog, _ in [deciding for deciding in self._deciding.values() if matches(deciding[0])]:
            del self._deciding[dialog.id]
            self._recent.append(DialogRecord(dialog, now, CLOSED_BY_REMOTE))

    def _close(self, dialog: PendingDialog, now: float, closed_by: str) -> None:
        del self._pending[dialog.id]
        self._recent.append(DialogRecord(dialog, now, closed_by))
