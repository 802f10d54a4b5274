// Attack: at turn K (argv[1]) runs /bin/sh with a script that says who it is and then tries to
// do harm: create files amazes-shell-TOKEN (argv[2]) in /tmp, $HOME and the working directory,
// and start a background process that outlives the bot. The shell's output goes to stderr;
// then the bot reports "shell: exit STATUS" and plays on.
#include <sys/wait.h>
#include <unistd.h>

#include "attack.hpp"

int main(int argc, char** argv) {
  const int k = bot::arg_int(argc, argv, 1, 1);
  const std::string token = bot::arg_str(argc, argv, 2, "x");
  const int turns = bot::arg_int(argc, argv, 3, 150);
  const std::string name = "amazes-shell-" + token;
  const std::string script =
      "echo shell: started as $(id -u); "
      "for d in /tmp \"$HOME\" .; do "
      "  if echo x > \"$d/" +
      name +
      "\"; then echo \"shell: wrote $d\"; fi; "
      "done 2>&1; "
      "(sleep 1000 &) ; echo shell: done";
  return bot::play_and_attack(k, turns, [&] {
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::dup2(2, 1);  // the shell must not write on the bot's stdout
      ::close(0);
      ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    int status = 0;
    ::waitpid(pid, &status, 0);
    bot::report("shell: exit " + std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status)));
  });
}
