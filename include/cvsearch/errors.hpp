// cvsearch/errors.hpp — the one exception type the library throws.
//
// Every failure that a caller can act on is a cvsearch::Error. It carries a stable
// code (for programs: map it to an exit status or an HTTP status), the input it is
// about (a file path, a query, an index directory) and a message that says what
// went wrong and, where there is one, what to do about it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace cvsearch {

/// Stable error categories. Their names (see error_code_name) are part of the
/// JSON output and of the HTTP API, so they never change meaning.
enum class ErrorCode {
    usage,               ///< the caller asked for something impossible (bad option, bad value)
    io,                  ///< a file or directory could not be read or written
    too_large,           ///< an input is over a configured size limit
    parse,               ///< a file was read but its content could not be understood
    query,               ///< a query could not be parsed even leniently
    not_found,           ///< a profile id that is not in the index
    index_missing,       ///< no index at the given location
    index_locked,        ///< another process is writing the index
    index_incompatible,  ///< the index was written by an incompatible schema version
    index_corrupt,       ///< the index exists but cannot be read
    unavailable,         ///< a remote shard or service did not answer
    internal,            ///< a bug: please report it with the message
};

/// The stable lower-case name of a code, e.g. "index_locked".
std::string_view error_code_name(ErrorCode code) noexcept;

/// The exception thrown by every public cvsearch function.
///
/// what() reads "<input>: <message>" when an input is known, else "<message>".
class Error : public std::runtime_error {
  public:
    Error(ErrorCode code, std::string input, std::string message);

    ErrorCode code() const noexcept { return code_; }
    /// The file, directory, query or id the error is about; may be empty.
    const std::string& input() const noexcept { return input_; }
    /// The message without the input prefix.
    const std::string& message() const noexcept { return message_; }

  private:
    ErrorCode code_;
    std::string input_;
    std::string message_;
};

}  // namespace cvsearch
