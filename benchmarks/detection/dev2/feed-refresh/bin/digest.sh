#!/bin/sh
ls -t "$HOME/.feeds" 2>/dev/null | head -n 20
