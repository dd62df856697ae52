#!/bin/sh
grep -i -- "$1" "$HOME/.cliphist/log" | tail -n 20
