"""A RoomKit 0.109 host that gates served skills with skillscope's exported ``approve_execution``.

Runs in RoomKit's own venv (``.cache/interop/roomkit``, made by tests/interop/setup.sh), never in
skillscope's: RoomKit needs ``mcp<2``.

    python roomkit_host.py LABEL APPROVALS_PY NAME [NAME...] [+ APPROVALS_PY NAME...]... -- SERVER COMMAND...

Each ``+``-separated group is a host of its own over the same server: a skill registry gated by that
group's exported module. For each NAME, a fresh conversation whose (scripted) model activates the
skill and then calls ``run_code``, a host tool registered as running code. Prints a JSON list, one
object per group: per name, whether activation was served, whether ``run_code`` ran, the outcome
RoomKit recorded for it, and the fingerprint RoomKit computed for the skill.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import sys
from typing import Any

from roomkit import AIChannel, ChannelCategory, InboundMessage, RoomKit, TextContent, WebSocketChannel
from roomkit.providers.ai import MockAIProvider
from roomkit.providers.ai.base import AIResponse, AITool, AIToolCall
from roomkit.skills import SkillRegistry
from roomkit.tools import MCPToolProvider

RUN_CODE = AITool(
    name="run_code",
    description="Run a snippet of code",
    parameters={"type": "object", "properties": {"code": {"type": "string"}}},
)


def load_approvals(path: str) -> Any:
    """Import the exported module from its file, as a host's one import line would (a fresh module each call)."""
    spec = importlib.util.spec_from_file_location("reviewed_skills", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tool_outcomes(provider: MockAIProvider) -> dict[str, str]:
    """The outcome RoomKit recorded for each tool call the model made, by call id."""
    outcomes: dict[str, str] = {}
    for context in provider.calls:
        for message in context.messages:
            for part in message.content if isinstance(message.content, list) else ():
                if getattr(part, "type", None) == "tool_result":
                    outcomes[part.tool_call_id] = part.outcome
    return outcomes


async def converse(registry: SkillRegistry, name: str) -> dict[str, Any]:
    """One conversation: activate ``name``, then try to run code while it is active."""
    ran: list[str] = []

    async def handle(tool: str, arguments: dict[str, Any]) -> str:
        ran.append(tool)
        return json.dumps({"ok": True})

    provider = MockAIProvider(
        ai_responses=[
            AIResponse(
                content="",
                finish_reason="tool_calls",
                tool_calls=[AIToolCall(id="activate", name="activate_skill", arguments={"name": name})],
            ),
            AIResponse(
                content="",
                finish_reason="tool_calls",
                tool_calls=[AIToolCall(id="run", name="run_code", arguments={"code": "print(1)"})],
            ),
            AIResponse(content="done", finish_reason="stop"),
        ]
    )
    kit = RoomKit()
    user = WebSocketChannel("user")
    ai = AIChannel("ai", provider=provider, skills=registry, tool_handler=handle, tools=[RUN_CODE])
    kit.register_channel(user)
    kit.register_channel(ai)

    async def deliver(_connection: str, _event: Any) -> None:
        return None

    user.register_connection("conn", deliver, room_id="room")
    await kit.create_room(room_id="room")
    await kit.attach_channel("room", "user")
    await kit.attach_channel("room", "ai", category=ChannelCategory.INTELLIGENCE)
    await kit.process_inbound(InboundMessage(channel_id="user", sender_id="reviewer", content=TextContent(body="go")))
    outcomes = tool_outcomes(provider)
    skill = registry.get_skill(name)
    held = getattr(skill, "held", None)
    return {
        "activated": outcomes.get("activate") == "served",
        "ran": "run_code" in ran,
        "run_outcome": outcomes.get("run"),
        "fingerprint": getattr(held, "fingerprint", None),
    }


def groups(args: list[str]) -> list[tuple[str, list[str]]]:
    """``APPROVALS_PY NAME... + APPROVALS_PY NAME...`` as (module path, names) pairs."""
    found: list[tuple[str, list[str]]] = []
    while args:
        cut = args.index("+") if "+" in args else len(args)
        (path, *names), args = args[:cut], args[cut + 1 :]
        found.append((path, names))
    return found


async def main(argv: list[str]) -> None:
    cut = argv.index("--")
    (label, *rest), command = argv[:cut], argv[cut + 1 :]
    results = []
    async with MCPToolProvider.from_command(command[0], command[1:], discover=False) as server:
        for approvals_path, names in groups(rest):
            approvals = load_approvals(approvals_path)
            registry = SkillRegistry()
            await registry.add_mcp_server(
                server, label, approve_execution=approvals.approve_execution, execution_tools=["run_*"]
            )
            results.append({name: await converse(registry, name) for name in names})
    print(json.dumps(results))


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1:]))
