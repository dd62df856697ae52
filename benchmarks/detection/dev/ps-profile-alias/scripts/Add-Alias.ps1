$line = 'Set-Alias -Name k -Value kubectl'
if (-not (Select-String -Path $PROFILE -Pattern 'Set-Alias -Name k' -Quiet)) {
    Add-Content -Path $PROFILE -Value $line
}
Write-Output "alias added"
