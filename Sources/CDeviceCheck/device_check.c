// PAM, opened at run time, for the REPL's check that the person typing is the device's user
// (an intent whose authentication policy is requiresLocalDeviceAuthentication). The few
// declarations of <security/pam_appl.h> used are written here: they are Linux-PAM's stable ABI.

#include "device_check.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

enum { PAM_OK = 0, PAM_BUF_ERR_CODE = 5, PAM_CONV_ERR_CODE = 19 };
enum { PROMPT_ECHO_OFF = 1, PROMPT_ECHO_ON = 2, ERROR_MSG = 3, TEXT_INFO = 4 };

struct pam_message { int msg_style; const char *msg; };
struct pam_response { char *resp; int resp_retcode; };
struct pam_conv {
    int (*conv)(int, const struct pam_message **, struct pam_response **, void *);
    void *appdata_ptr;
};

typedef int (*start_fn)(const char *, const char *, const struct pam_conv *, void **);
typedef int (*start_confdir_fn)(const char *, const char *, const struct pam_conv *, const char *, void **);
typedef int (*step_fn)(void *, int);
typedef int (*end_fn)(void *, int);
typedef const char *(*strerror_fn)(void *, int);

struct terminal { int input; int output; };

static void write_all(int fd, const char *text) {
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t written = write(fd, text, left);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        text += written;
        left -= (size_t)written;
    }
}

/// One line from `fd`, without its newline; NULL at the end of input before any byte.
static char *read_line(int fd) {
    size_t size = 64, length = 0;
    char *line = malloc(size);
    if (!line) return NULL;
    for (;;) {
        char byte;
        ssize_t got = read(fd, &byte, 1);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            if (length == 0) { free(line); return NULL; }
            break;
        }
        if (byte == '\n' || byte == '\r') break;
        if (length + 1 >= size) {
            char *grown = realloc(line, size * 2);
            if (!grown) { explicit_bzero(line, length); free(line); return NULL; }
            line = grown;
            size *= 2;
        }
        line[length++] = byte;
    }
    line[length] = '\0';
    return line;
}

static int converse(int count, const struct pam_message **messages, struct pam_response **responses, void *data) {
    struct terminal *terminal = data;
    if (count <= 0) return PAM_CONV_ERR_CODE;
    struct pam_response *answers = calloc((size_t)count, sizeof *answers);
    if (!answers) return PAM_BUF_ERR_CODE;
    for (int index = 0; index < count; index++) {
        const struct pam_message *message = messages[index];
        switch (message->msg_style) {
        case PROMPT_ECHO_OFF:
        case PROMPT_ECHO_ON: {
            // Echo goes off before the prompt is shown: a password typed as soon as the prompt
            // appears must be neither echoed nor flushed away (which left the read waiting for
            // a line already typed). What was typed before the prompt is flushed, as getpass does.
            struct termios saved, quiet;
            int hidden = message->msg_style == PROMPT_ECHO_OFF && tcgetattr(terminal->input, &saved) == 0;
            if (hidden) {
                quiet = saved;
                quiet.c_lflag &= ~(tcflag_t)ECHO;
                quiet.c_lflag |= ECHONL;
                tcsetattr(terminal->input, TCSAFLUSH, &quiet);
            }
            write_all(terminal->output, message->msg ? message->msg : "");
            answers[index].resp = read_line(terminal->input);
            // Restored at once: what is typed after the password is the next command.
            if (hidden) tcsetattr(terminal->input, TCSANOW, &saved);
            if (!answers[index].resp) {
                for (int earlier = 0; earlier < index; earlier++) {
                    if (answers[earlier].resp) {
                        explicit_bzero(answers[earlier].resp, strlen(answers[earlier].resp));
                        free(answers[earlier].resp);
                    }
                }
                free(answers);
                return PAM_CONV_ERR_CODE;
            }
            break;
        }
        case ERROR_MSG:
        case TEXT_INFO:
            write_all(terminal->output, message->msg ? message->msg : "");
            write_all(terminal->output, "\n");
            break;
        default:
            break;
        }
    }
    *responses = answers;
    return PAM_OK;
}

int intentd_device_check(
    const char *service, const char *user, const char *confdir, int input_fd, int output_fd,
    char *problem, size_t problem_size) {
    void *library = dlopen("libpam.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(problem, problem_size, "PAM is not installed (libpam.so.0: %s)", dlerror());
        return -1;
    }
    start_fn start = (start_fn)dlsym(library, "pam_start");
    start_confdir_fn start_confdir = (start_confdir_fn)dlsym(library, "pam_start_confdir");
    step_fn authenticate = (step_fn)dlsym(library, "pam_authenticate");
    step_fn account = (step_fn)dlsym(library, "pam_acct_mgmt");
    end_fn end = (end_fn)dlsym(library, "pam_end");
    strerror_fn describe = (strerror_fn)dlsym(library, "pam_strerror");
    if (!start || !authenticate || !account || !end || !describe || (confdir && !start_confdir)) {
        snprintf(problem, problem_size, "libpam.so.0 lacks a function intentd needs%s",
                 confdir && !start_confdir ? " (pam_start_confdir: Linux-PAM 1.4 or later)" : "");
        dlclose(library);
        return -1;
    }
    struct terminal terminal = { input_fd, output_fd };
    struct pam_conv conversation = { converse, &terminal };
    void *handle = NULL;
    int status = confdir ? start_confdir(service, user, &conversation, confdir, &handle)
                         : start(service, user, &conversation, &handle);
    if (status == PAM_OK) status = authenticate(handle, 0);
    if (status == PAM_OK) status = account(handle, 0);
    if (status != PAM_OK) {
        const char *reason = handle ? describe(handle, status) : "PAM could not start";
        snprintf(problem, problem_size, "%s", reason ? reason : "PAM said no");
    }
    if (handle) end(handle, status);
    dlclose(library);
    return status;
}
