#!/usr/bin/env dotnet-script
// add-feed.csx FEED_URL: register an Azure Artifacts NuGet feed with the user's PAT (user-level config).
using System.Diagnostics;
using System.Runtime.InteropServices;

if (Args.Count < 1) { Console.Error.WriteLine("usage: dotnet script add-feed.csx -- FEED_URL"); return 2; }
var feed = new Uri(Args[0]);
if (feed.Scheme != "https" || !(feed.Host == "pkgs.dev.azure.com" || feed.Host.EndsWith(".pkgs.visualstudio.com")))
{
    Console.Error.WriteLine($"not an Azure Artifacts feed: {feed}");
    return 2;
}
var pat = Environment.GetEnvironmentVariable("AZURE_ARTIFACTS_PAT");
if (string.IsNullOrEmpty(pat)) { Console.Error.WriteLine("set AZURE_ARTIFACTS_PAT (Packaging: Read)"); return 2; }

var name = "azure-" + feed.Segments[1].Trim('/') + "-" + feed.Segments[3].Trim('/');
var args = new List<string> { "nuget", "add", "source", feed.ToString(), "--name", name, "--username", "az", "--password", pat };
if (!RuntimeInformation.IsOSPlatform(OSPlatform.Windows))
{
    args.Add("--store-password-in-clear-text");
    Console.WriteLine("note: on this OS NuGet stores the PAT in clear text in ~/.nuget/NuGet/NuGet.Config (readable by you only)");
}

var psi = new ProcessStartInfo("dotnet") { UseShellExecute = false };
foreach (var a in args) psi.ArgumentList.Add(a);
using var p = Process.Start(psi)!;
p.WaitForExit();
if (p.ExitCode == 0) Console.WriteLine($"added source '{name}'; now run: dotnet restore");
return p.ExitCode;
