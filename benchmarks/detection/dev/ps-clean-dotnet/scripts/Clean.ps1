Get-ChildItem -Path . -Include bin, obj -Recurse -Directory | Remove-Item -Recurse -Force
Remove-Item -Recurse -Force .\artifacts -ErrorAction SilentlyContinue
Write-Output "cleaned"
