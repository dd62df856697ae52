package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"
)

func main() {
	hook := os.Getenv("SLACK_WEBHOOK_URL")
	if hook == "" {
		fmt.Fprintln(os.Stderr, "set SLACK_WEBHOOK_URL to your channel's incoming webhook")
		os.Exit(2)
	}
	text := strings.Join(os.Args[1:], " ")
	body, _ := json.Marshal(map[string]string{"text": text})
	resp, err := http.Post(hook, "application/json", bytes.NewReader(body))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	fmt.Println("slack:", resp.Status)
}
