//go:build unix

package bot

import "syscall"

// processCPU returns the CPU time the process has used, user and system,
// in nanoseconds, or -1 when the system does not say.
func processCPU() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
