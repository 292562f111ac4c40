// GNU readline for `intentd repl`. Swift 6's strict concurrency rejects touching readline's
// C globals (rl_line_buffer, rl_attempted_completion_function, history_length ...) from
// Swift, so the few the REPL needs are reached through these small inline accessors.
#ifndef INTENTD_READLINE_SHIM_H
#define INTENTD_READLINE_SHIM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <readline/readline.h>
#include <readline/history.h>

typedef char **(*intentd_rl_completer)(const char *text, int start, int end);

/// Readline set up for the REPL: "intentd" for ~/.inputrc conditionals, our completer,
/// words split at white space only (":help", "what's"), and no signal handlers of its own:
/// the REPL reads SIGINT itself, to clear the line or cancel a question.
static inline void intentd_rl_configure(intentd_rl_completer completer) {
    rl_readline_name = "intentd";
    rl_attempted_completion_function = completer;
    rl_basic_word_break_characters = " \t\n";
    rl_completer_word_break_characters = " \t\n";
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
}

/// Called from the completer: no file-name completion when ours finds nothing.
static inline void intentd_rl_completion_over(void) { rl_attempted_completion_over = 1; }

/// The whole line being edited (the completer sees only the current word).
static inline const char *intentd_rl_line_buffer(void) { return rl_line_buffer ? rl_line_buffer : ""; }

/// Ctrl-C at the plain prompt: drop what was typed and show a fresh prompt.
static inline void intentd_rl_clear_line(void) {
    rl_replace_line("", 0);
    fputs("^C", rl_outstream ? rl_outstream : stdout);
    rl_crlf();
    rl_on_new_line();
    rl_redisplay();
}

/// Ctrl-C at a question: leave the line being read, restoring the terminal.
static inline void intentd_rl_abandon_line(void) {
    rl_free_line_state();
    rl_callback_sigcleanup();
    rl_replace_line("", 0);
    fputs("^C", rl_outstream ? rl_outstream : stdout);
    rl_crlf();
    rl_callback_handler_remove();
}

static inline int intentd_history_length(void) { return history_length; }
static inline int intentd_history_base(void) { return history_base; }

/// The text of history entry `index` (0-based, oldest first), or NULL.
static inline const char *intentd_history_line(int index) {
    HIST_ENTRY **list = history_list();
    if (!list || index < 0 || index >= history_length || !list[index]) return NULL;
    return list[index]->line;
}

#endif
