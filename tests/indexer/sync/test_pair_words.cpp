// A new index chooses its pair words (vocabulary/pair_terms.hpp) from the files it
// is built from; incremental runs keep that list for every document they add;
// an index built without one never gets pair terms.
#include <doctest/doctest.h>

#include "cvsearch/indexer.hpp"
#include "cvsearch/profile.hpp"
#include "vocabulary/pair_terms.hpp"
#include "tests/indexer/sync/sync_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

indexing::PairWords pair_words_of(const fs::path& db) {
    Xapian::Database x(db.string());
    return indexing::PairWords::from_metadata(x.get_metadata(std::string(schema::meta_pair_words)));
}

std::set<std::string> ids_with(const fs::path& db, const std::string& term) {
    Xapian::Database x(db.string());
    std::set<std::string> out;
    for (auto p = x.postlist_begin(term); p != x.postlist_end(term); ++p)
        out.insert(x.get_document(*p).get_value(schema::profile_id_slot));
    return out;
}

std::size_t pair_postings(const fs::path& db) {
    Xapian::Database x(db.string());
    std::size_t n = 0;
    for (auto t = x.allterms_begin(std::string(schema::pair_prefix)); t != x.allterms_end(std::string(schema::pair_prefix)); ++t)
        n += t.get_termfreq();
    return n;
}

}  // namespace

TEST_CASE("pair words: chosen by the first build, kept by incremental runs, chosen again by --full") {
    TempDir dir;
    const fs::path root = dir / "cvs";
    fs::create_directories(root);
    fs::copy(source_dir() / "data" / "profiles", root, fs::copy_options::recursive);
    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index";
    REQUIRE(index_directory(opt).failed.empty());

    const indexing::PairWords words = pair_words_of(opt.db);
    REQUIRE(words.words().size() >= 20);
    CHECK(words.contains("of"));  // in every CV; numbers never are listed
    CHECK_FALSE(words.contains("2019"));
    CHECK(pair_postings(opt.db) > 100);

    // A new profile with two listed words side by side gets their pair term.
    const std::string a = words.words()[0], b = words.words()[1];
    write_file(root / "zz-new.json", profile_json("Quentin Newcomer", a + " " + b));
    const SyncReport r = index_directory(opt);
    CHECK(r.added == 1);
    CHECK(pair_words_of(opt.db).words() == words.words());
    CHECK(ids_with(opt.db, *indexing::pair_term(a, b)).count("zz-new") == 1);

    {  // compaction into a new generation keeps the list (Xapian copies the metadata)
        IndexWriter w(opt.db);
        w.compact();
    }
    CHECK(pair_words_of(opt.db).words() == words.words());
    CHECK(ids_with(opt.db, *indexing::pair_term(a, b)).count("zz-new") == 1);

    opt.full = true;
    REQUIRE(index_directory(opt).failed.empty());
    CHECK(pair_words_of(opt.db).contains("of"));  // a new list, from the files as they are now
    CHECK(ids_with(opt.db, *indexing::pair_term(a, b)).count("zz-new") == 1);
}

TEST_CASE("pair words: an index built without them (by an older cvsearch) stays without") {
    TempDir dir;
    const fs::path root = dir / "cvs";
    fs::create_directories(root);
    write_file(root / "first.json", profile_json("Olga Firstly", "distributed systems of the future"));
    {
        IndexWriter w(dir / "index");  // what IndexWriter alone writes: no pair words
        Profile p = profile_from_json(read_file(root / "first.json"));
        p.id = "first";
        w.put(p);
        w.commit();
    }
    write_file(root / "second.json", profile_json("Pavel Secondly", "distributed systems of the past"));
    SyncOptions opt;
    opt.roots = {root};
    opt.db = dir / "index";
    const SyncReport r = index_directory(opt);
    CHECK(r.added + r.updated == 2);
    CHECK(pair_words_of(opt.db).empty());
    CHECK(pair_postings(opt.db) == 0);
}
