#include "indexer/xapian_errors.hpp"

namespace cvsearch::xapian_errors {

Error index_missing(const std::string& db) {
    return Error(ErrorCode::index_missing, db,
                 "no index here; build one with `cvsearch index DIR --db " + db + "`");
}

Error translate(const Xapian::Error& e, const std::string& db) {
    // Xapian::Error is not polymorphic: dispatch on the type name.
    const std::string type = e.get_type();
    const std::string what = e.get_msg();
    auto is = [&](std::initializer_list<const char*> names) {
        for (const char* n : names)
            if (type == n) return true;
        return false;
    };
    if (is({"DatabaseNotFoundError"})) return index_missing(db);
    if (is({"DatabaseLockError"}))
        return Error(ErrorCode::index_locked, db,
                     "another process is writing this index (" + what + "); wait for it to finish and retry");
    if (is({"DatabaseVersionError"}))
        return Error(ErrorCode::index_incompatible, db,
                     "the index format is not supported (" + what + "); rebuild it with `cvsearch index DIR --db " + db +
                         " --full`");
    if (is({"NetworkError", "NetworkTimeoutError"}))
        return Error(ErrorCode::unavailable, db, "a remote index did not answer (" + what + "); check that it is running");
    if (is({"DatabaseCreateError"}))
        return Error(ErrorCode::io, db, "cannot create the index (" + what + "); check the path and its permissions");
    if (is({"DatabaseModifiedError"}))
        return Error(ErrorCode::unavailable, db,
                     "the index kept changing while it was being read (" + what + "); try again");
    if (is({"DatabaseError", "DatabaseCorruptError", "DatabaseOpeningError",
            "DatabaseClosedError", "DocNotFoundError"}))
        return Error(ErrorCode::index_corrupt, db,
                     "the index cannot be read (" + type + ": " + what + "); rebuild it with `cvsearch index DIR --db " +
                         db + " --full`");
    if (is({"QueryParserError", "WildcardError"})) return Error(ErrorCode::query, db, "the query cannot be run: " + what);
    return Error(ErrorCode::internal, db, "unexpected Xapian error: " + e.get_description());
}

}  // namespace cvsearch::xapian_errors
