<#
.SYNOPSIS
  Build with Cloud Build and deploy to Cloud Run as a no-traffic candidate; promote after a smoke test.
#>
[CmdletBinding()]
param(
    [Parameter(Mandatory)] [string]$Project,
    [Parameter(Mandatory)] [string]$Region,
    [Parameter(Mandatory)] [string]$Service,
    [string[]]$Secrets = @(),
    [string]$Repository = 'apps',
    [switch]$Promote
)
$ErrorActionPreference = 'Stop'

if (-not (Get-Command gcloud -ErrorAction SilentlyContinue)) { throw 'gcloud CLI not found' }
if ($Project -match 'prod') {
    $typed = Read-Host "Deploying to $Project. Type the project id to continue"
    if ($typed -ne $Project) { throw 'aborted' }
}
foreach ($s in $Secrets) {
    if ($s -notmatch '^[A-Z_][A-Z0-9_]*=[a-z0-9-]+:(latest|\d+)$') { throw "secret must look like ENV=secret-name:version, got '$s'" }
}

$sha = (git rev-parse --short HEAD).Trim()
$image = "$Region-docker.pkg.dev/$Project/$Repository/${Service}:$sha"

Write-Host "==> build $image"
gcloud builds submit --project $Project --region $Region --tag $image .
if ($LASTEXITCODE) { throw 'build failed' }

Write-Host '==> deploy candidate (no traffic)'
$deployArgs = @('run', 'deploy', $Service, '--project', $Project, '--region', $Region, '--image', $image,
                '--no-traffic', '--tag', 'candidate', '--quiet')
if ($Secrets.Count) { $deployArgs += @('--set-secrets', ($Secrets -join ',')) }
gcloud @deployArgs
if ($LASTEXITCODE) { throw 'deploy failed' }

$url = gcloud run services describe $Service --project $Project --region $Region `
        --format 'value(status.traffic[?tag=candidate].url)' 2>$null
if (-not $url) {
    $url = (gcloud run services describe $Service --project $Project --region $Region --format json | ConvertFrom-Json).status.traffic |
        Where-Object tag -eq 'candidate' | Select-Object -ExpandProperty url
}
Write-Host "candidate: $url"

Write-Host '==> smoke test'
$headers = @{}
$token = gcloud auth print-identity-token 2>$null
if ($token) { $headers['Authorization'] = "Bearer $token" }
$ok = $false
foreach ($i in 1..12) {
    try {
        $r = Invoke-WebRequest -Uri "$url/healthz" -Headers $headers -TimeoutSec 5 -UseBasicParsing
        if ($r.StatusCode -eq 200) { $ok = $true; break }
    } catch { Start-Sleep -Seconds 5 }
}
if (-not $ok) { throw "smoke test failed: $url/healthz did not return 200; traffic unchanged" }
Write-Host 'smoke test passed'

if ($Promote) {
    gcloud run services update-traffic $Service --project $Project --region $Region --to-latest --quiet
    Write-Host "==> 100% traffic on $sha"
} else {
    Write-Host "Not promoted. Check $url, then rerun with -Promote."
}
