// Package status is an example enum for the generator.
package status

// Status is the lifecycle state of an account.
type Status int

const (
	StatusPending Status = iota
	StatusActive
	StatusSuspended
	StatusClosed
)
