// cvsearch/cvsearch.hpp — the whole public API in one include.
//
//   #include <cvsearch/cvsearch.hpp>
//
// profile.hpp  the Profile data model and its JSON form
// parse.hpp    CV files -> Profiles (readers, extraction, normalization)
// indexer.hpp  building an index: IndexWriter, index_directory
// searcher.hpp searching it: Searcher, SearchRequest, SearchResults
// render.hpp   results as terminal text, HTML or JSON
// errors.hpp   cvsearch::Error and its codes
// version.hpp  the library version
#pragma once

#include "cvsearch/errors.hpp"
#include "cvsearch/indexer.hpp"
#include "cvsearch/parse.hpp"
#include "cvsearch/profile.hpp"
#include "cvsearch/render.hpp"
#include "cvsearch/searcher.hpp"
#include "cvsearch/version.hpp"
