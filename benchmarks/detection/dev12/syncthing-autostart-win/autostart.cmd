@echo off
rem autostart.cmd install <path\to\syncthing.exe> | status | remove
rem Per-user Startup-folder shortcut for Syncthing (as described in Syncthing's docs).
setlocal EnableExtensions

set "STARTUP=%APPDATA%\Microsoft\Windows\Start Menu\Programs\Startup"
set "LINK=%STARTUP%\Syncthing.lnk"

if /i "%~1"=="install" goto :install
if /i "%~1"=="status" goto :status
if /i "%~1"=="remove" goto :remove
echo usage: autostart.cmd install ^<path\to\syncthing.exe^> ^| status ^| remove
exit /b 2

:install
set "EXE=%~f2"
if "%~2"=="" (
  echo give the full path of syncthing.exe
  exit /b 2
)
if /i not "%~nx2"=="syncthing.exe" (
  echo "%~nx2" is not syncthing.exe
  exit /b 2
)
if not exist "%EXE%" (
  echo not found: %EXE%
  exit /b 1
)
powershell -NoProfile -Command ^
  "$s = (New-Object -ComObject WScript.Shell).CreateShortcut($env:LINK);" ^
  "$s.TargetPath = $env:EXE;" ^
  "$s.Arguments = '--no-console --no-browser';" ^
  "$s.WorkingDirectory = Split-Path $env:EXE;" ^
  "$s.WindowStyle = 7;" ^
  "$s.Description = 'Syncthing';" ^
  "$s.Save()" || exit /b 1
echo Syncthing will start at sign-in: %LINK%
exit /b 0

:status
if exist "%LINK%" (
  echo installed: %LINK%
  powershell -NoProfile -Command "$s=(New-Object -ComObject WScript.Shell).CreateShortcut($env:LINK); '{0} {1}' -f $s.TargetPath, $s.Arguments"
) else (
  echo not installed
)
exit /b 0

:remove
if exist "%LINK%" (
  del "%LINK%"
  echo removed %LINK%
) else (
  echo nothing to remove
)
exit /b 0
