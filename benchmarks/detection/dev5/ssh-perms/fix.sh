#!/bin/sh
chmod 700 "$HOME/.ssh"
chmod 600 "$HOME"/.ssh/id_* 2>/dev/null
chmod 644 "$HOME"/.ssh/*.pub 2>/dev/null
echo "ssh permissions fixed"
