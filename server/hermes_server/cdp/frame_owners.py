"""Which ``<iframe>`` holds which child frame, as the browser says it: the token a parent's engine gives each.

A child frame's part of the snapshot fills the placeholder of its ``<iframe>`` in its parent's text, and its clicks
are offset by that ``<iframe>``'s place. Nothing the page says is asked: ``DOM.getFrameOwner`` names the element in
the parent's document, which is resolved in the parent's engine world and handed to the engine's ``frameToken``, so
a page cannot hand a frame its sibling's placeholder.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from hermes_server.cdp.frames import FrameInfo
from hermes_server.errors import CDPCommandFailed

log = logging.getLogger(__name__)

#: The engine's token for each ``<iframe>`` element it is called with (``null`` for an argument that is not one).
_FRAME_TOKENS = """function () {
  return Array.prototype.map.call(arguments, function (frameElement) {
    return globalThis.__hermesSnapshot.frameToken(frameElement);
  });
}"""
#: The object groups of the ``<iframe>`` elements resolved for ``_FRAME_TOKENS``, one per call (calls for several
#: parents overlap), each released once the engine has answered.
_FRAME_OWNERS_GROUPS = (f"hermes-frame-owners-{n}" for n in itertools.count())

Send = Callable[..., Awaitable[dict[str, Any]]]


async def child_tokens(send: Send, parent: FrameInfo, context: int, children: list[FrameInfo]) -> dict[str, str]:
    """Each child frame's id -> the token ``parent``'s engine (in execution context ``context``) gives the
    ``<iframe>`` that holds it, one call to the engine for all of them; a child the browser cannot place (gone
    meanwhile) is left out."""
    session = parent.session_id
    group = next(_FRAME_OWNERS_GROUPS)
    found = await asyncio.gather(
        *(send("DOM.getFrameOwner", {"frameId": child.frame_id}, session_id=session) for child in children),
        return_exceptions=True,
    )
    placed = [
        (child, owner["backendNodeId"]) for child, owner in zip(children, found, strict=True) if isinstance(owner, dict)
    ]
    if not placed:
        return {}
    resolved = await asyncio.gather(
        *(
            send(
                "DOM.resolveNode",
                {"backendNodeId": node, "executionContextId": context, "objectGroup": group},
                session_id=session,
            )
            for _, node in placed
        ),
        return_exceptions=True,
    )
    elements = [
        (child, element["object"]["objectId"])
        for (child, _), element in zip(placed, resolved, strict=True)
        if isinstance(element, dict)
    ]
    try:
        if not elements:
            return {}
        reply = await send(
            "Runtime.callFunctionOn",
            {
                "functionDeclaration": _FRAME_TOKENS,
                "executionContextId": context,
                "arguments": [{"objectId": object_id} for _, object_id in elements],
                "returnByValue": True,
            },
            session_id=session,
        )
    except CDPCommandFailed as failed:
        log.debug("the frames of %s not placed: %s", parent.frame_id, failed)
        return {}
    finally:
        with contextlib.suppress(CDPCommandFailed):
            await send("Runtime.releaseObjectGroup", {"objectGroup": group}, session_id=session)
    tokens = (reply.get("result") or {}).get("value") if not reply.get("exceptionDetails") else None
    if not isinstance(tokens, list):
        return {}
    return {
        child.frame_id: token for (child, _), token in zip(elements, tokens, strict=False) if isinstance(token, str)
    }
