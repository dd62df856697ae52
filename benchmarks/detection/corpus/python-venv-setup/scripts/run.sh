#!/bin/sh
exec .venv/bin/python -m app "$@"
