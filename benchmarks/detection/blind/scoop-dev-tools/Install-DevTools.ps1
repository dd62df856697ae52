[CmdletBinding()]
param([string[]]$Tools = @('git', 'ripgrep', 'fd', 'jq', '7zip'))

$ErrorActionPreference = 'Stop'

if (-not (Get-Command scoop -ErrorAction SilentlyContinue)) {
    # Scoop's documented one-time setup
    Set-ExecutionPolicy -ExecutionPolicy RemoteSigned -Scope CurrentUser -Force
    Invoke-RestMethod -Uri https://get.scoop.sh | Invoke-Expression
}

scoop bucket add main 2>$null
foreach ($tool in $Tools) {
    if (scoop list $tool 6>$null | Select-String -Quiet $tool) {
        Write-Host "$tool already installed"
    } else {
        scoop install $tool
    }
}
scoop list
