// vocabulary/xapian_errors.hpp — Xapian exceptions -> cvsearch::Error, in one place,
// so the writer and the searcher say the same thing about the same failure.
//
//   DatabaseNotFoundError, missing directory     -> index_missing (says how to build one)
//   DatabaseLockError                            -> index_locked
//   DatabaseVersionError                         -> index_incompatible
//   DatabaseCorruptError, other DatabaseError    -> index_corrupt (says how to rebuild)
//   NetworkError, DatabaseModifiedError (after retries) -> unavailable
//   QueryParserError, WildcardError              -> query
//   anything else                                -> internal
#pragma once

#include <string>

#include <xapian.h>

#include "cvsearch/errors.hpp"

namespace cvsearch::xapian_errors {

/// The cvsearch::Error for a Xapian error that happened on the index at `db`.
Error translate(const Xapian::Error& error, const std::string& db);

/// The error for "there is no index at `db`".
Error index_missing(const std::string& db);

}  // namespace cvsearch::xapian_errors
