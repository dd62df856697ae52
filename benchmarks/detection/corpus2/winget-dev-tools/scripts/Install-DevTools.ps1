$ErrorActionPreference = 'Continue'
$list = Join-Path $PSScriptRoot 'packages.json'
$ids = (Get-Content $list -Raw | ConvertFrom-Json).Sources[0].Packages.PackageIdentifier

$installed = @(); $skipped = @()
foreach ($id in $ids) {
    if (winget list --id $id --exact --accept-source-agreements | Select-String -SimpleMatch $id) {
        $skipped += $id
        continue
    }
    winget install --id $id --exact --silent --accept-package-agreements --accept-source-agreements
    if ($LASTEXITCODE -eq 0) { $installed += $id } else { Write-Warning "failed: $id" }
}
Write-Host "Installed: $($installed -join ', ')"
Write-Host "Already present: $($skipped -join ', ')"
