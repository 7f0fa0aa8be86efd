#include "print.hpp"

#include <cstdlib>
#include <unistd.h>

namespace cvsearch::cli {

Style style_for(std::FILE* stream) {
    const char* no_color = std::getenv("NO_COLOR");
    Style s;
    s.color = isatty(fileno(stream)) && (no_color == nullptr || *no_color == '\0');
    return s;
}

void print_error(std::string_view message) {
    Style s = style_for(stderr);
    std::fprintf(stderr, "%s %.*s\n", s.red("cvsearch:").c_str(), static_cast<int>(message.size()), message.data());
}

}  // namespace cvsearch::cli
