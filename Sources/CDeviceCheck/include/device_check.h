#ifndef INTENTD_DEVICE_CHECK_H
#define INTENTD_DEVICE_CHECK_H

#include <stddef.h>

/// Asks PAM whether `user` proves who they are now: PAM's `service` (its file in /etc/pam.d,
/// or in `confdir` when that is not NULL) runs its auth and account steps, and whatever it
/// asks (a password, a fingerprint) is written to `output_fd` and read from `input_fd`, an
/// answer that is not to be shown read with the terminal's echo off.
///
/// Returns 0 when PAM says yes. Otherwise `problem` holds why not, and the result is PAM's
/// error code (above 0), or -1 when libpam cannot be loaded. libpam is opened at run time, so
/// intentd builds and runs where it is not installed.
int intentd_device_check(
    const char *service, const char *user, const char *confdir, int input_fd, int output_fd,
    char *problem, size_t problem_size);

#endif
