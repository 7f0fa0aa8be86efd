// tests/indexer/sync/sync_util.hpp — helpers for the nightly-reindex tests: fictional
// profile files and reading back the set of indexed ids (running the CLI:
// tests/process_util.hpp).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>
#include <vector>


#include <xapian.h>

#include "indexer/generations.hpp"
#include "vocabulary/schema.hpp"
#include "tests/process_util.hpp"
#include "tests/test_util.hpp"

namespace cvsearch::testing {

/// A small cvsearch profile JSON (fictional person).
inline std::string profile_json(const std::string& name, const std::string& interest = "consensus protocols",
                                const std::string& extra = "") {
    return "{\"name\": \"" + name + "\", \"headline\": \"Researcher in " + interest + "\", \"interests\": [\"" + interest +
           "\"]" + (extra.empty() ? "" : ", " + extra) + "}";
}

/// The ids in the index at `db` as a reader opening it now sees them.
inline std::set<std::string> ids_in(const std::filesystem::path& db) {
    std::set<std::string> out;
    Xapian::Database xdb(db.string());
    for (auto it = xdb.postlist_begin(""); it != xdb.postlist_end(""); ++it)
        out.insert(xdb.get_document(*it).get_value(schema::profile_id_slot));
    return out;
}

inline std::set<std::string> ids_of(const Xapian::Database& xdb) {
    std::set<std::string> out;
    for (auto it = xdb.postlist_begin(""); it != xdb.postlist_end(""); ++it)
        out.insert(xdb.get_document(*it).get_value(schema::profile_id_slot));
    return out;
}

/// The database directory the stub of `db` names (or `db` itself for the plain layout).
inline std::filesystem::path current_db_dir(const std::filesystem::path& db) {
    return indexing::inspect(db).current_path();
}

/// gen-* directories present in `db`.
inline std::vector<std::string> generations_in(const std::filesystem::path& db) {
    std::vector<std::string> out;
    for (auto& e : std::filesystem::directory_iterator(db))
        if (indexing::parse_generation_name(e.path().filename().string())) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

inline bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace cvsearch::testing
