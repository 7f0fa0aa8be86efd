#include "vocabulary/xapian_errors.hpp"

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
    // A write that the system refused is about the disk, not the index: the last
    // commit is intact, so say so (and never suggest a rebuild).
    // Xapian keeps errno's text apart from the message ("Error writing block 2").
    const char* errno_text = e.get_error_string();
    const std::string sys = errno_text ? errno_text : "";
    const std::string detail = sys.empty() ? what : what + ": " + sys;
    auto says = [&](std::initializer_list<const char*> parts) {
        for (const char* p : parts)
            if (sys.find(p) != std::string::npos || what.find(p) != std::string::npos) return true;
        return false;
    };
    if (says({"No space left on device", "File too large", "Disk quota exceeded"}))
        return Error(ErrorCode::io, db,
                     "cannot write the index (" + detail + "): the disk is full or over a size limit; free some space "
                     "and run again (the last committed index is unchanged)");
    if (says({"Read-only file system", "Permission denied", "Operation not permitted"}))
        return Error(ErrorCode::io, db,
                     "cannot write the index (" + detail + "); check the permissions of the index directory "
                     "(the last committed index is unchanged)");
    if (what.rfind("Error writing", 0) == 0 || what.rfind("Couldn't write", 0) == 0)
        return Error(ErrorCode::io, db,
                     "cannot write the index (" + detail + "); check the disk (free space, permissions) and run again "
                     "(the last committed index is unchanged)");
    if (is({"DatabaseError", "DatabaseCorruptError", "DatabaseOpeningError",
            "DatabaseClosedError", "DocNotFoundError"}))
        return Error(ErrorCode::index_corrupt, db,
                     "the index cannot be read (" + type + ": " + what + "); rebuild it with `cvsearch index DIR --db " +
                         db + " --full`");
    if (is({"QueryParserError", "WildcardError"})) return Error(ErrorCode::query, db, "the query cannot be run: " + what);
    return Error(ErrorCode::internal, db, "unexpected Xapian error: " + e.get_description());
}

}  // namespace cvsearch::xapian_errors
