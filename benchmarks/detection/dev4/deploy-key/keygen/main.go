package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: keygen REPO")
		os.Exit(2)
	}
	repo := os.Args[1]
	home, _ := os.UserHomeDir()
	keyPath := filepath.Join(home, ".ssh", "deploy_"+repo)
	cmd := exec.Command("ssh-keygen", "-t", "ed25519", "-N", "", "-C", "deploy-"+repo, "-f", keyPath)
	cmd.Stdout = os.Stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	pub, err := os.ReadFile(keyPath + ".pub")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Println("Add this public key under Settings > Deploy keys:")
	fmt.Print(string(pub))
}
