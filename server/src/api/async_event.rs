//! `GET /api/v1/async_event/?last_id=` (polling) and `GET /api/v1/async_event/ws?last_id=` (the
//! websocket): the events of the user's async job channel.

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use quiver_types::{AsyncEventsResponse, AsyncJobResponse};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use crate::async_queries::{channel_of, EventId};
use crate::auth::CurrentUser;
use crate::error::{ApiError, AppJson, AppQuery};
use crate::state::AppState;

#[derive(Debug, Deserialize)]
pub struct EventsQuery {
    #[serde(default)]
    last_id: Option<String>,
}

fn parse_last_id(query: &EventsQuery) -> Result<Option<EventId>, ApiError> {
    match query.last_id.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => EventId::parse(text)
            .map(Some)
            .ok_or_else(|| ApiError::bad_request(format!("Invalid last_id: {text}"))),
    }
}

/// The events after `last_id`, oldest first.
pub async fn events(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(query): AppQuery<EventsQuery>,
) -> Result<AppJson<AsyncEventsResponse>, ApiError> {
    let last_id = parse_last_id(&query)?;
    Ok(AppJson(AsyncEventsResponse {
        result: app
            .async_queries
            .events_after(&channel_of(user.id), last_id)
            .await?,
    }))
}

/// Streams the channel's events as JSON text messages: first those after `last_id`, then each
/// new one as it is published.
pub async fn websocket(
    State(app): State<AppState>,
    CurrentUser(user): CurrentUser,
    AppQuery(query): AppQuery<EventsQuery>,
    upgrade: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let last_id = parse_last_id(&query)?;
    let channel = channel_of(user.id);
    Ok(upgrade.on_upgrade(move |socket| stream_events(app, channel, last_id, socket)))
}

fn event_id(event: &AsyncJobResponse) -> Option<EventId> {
    event.id.as_deref().and_then(EventId::parse)
}

async fn send(socket: &mut WebSocket, event: &AsyncJobResponse) -> bool {
    match serde_json::to_string(event) {
        Ok(text) => socket.send(Message::Text(text.into())).await.is_ok(),
        Err(_) => true,
    }
}

async fn stream_events(app: AppState, channel: String, last_id: Option<EventId>, mut socket: WebSocket) {
    // Subscribe before reading the backlog so nothing published in between is missed.
    let mut receiver = app.async_queries.subscribe();
    let mut sent_up_to = last_id;
    let Ok(backlog) = app.async_queries.events_after(&channel, last_id).await else {
        return;
    };
    for event in backlog {
        if !send(&mut socket, &event).await {
            return;
        }
        sent_up_to = event_id(&event).or(sent_up_to);
    }
    loop {
        tokio::select! {
            published = receiver.recv() => match published {
                Ok(event) => {
                    let id = event_id(&event);
                    let is_new = match (id, sent_up_to) {
                        (Some(id), Some(sent)) => id > sent,
                        _ => true,
                    };
                    if event.channel_id == channel && is_new {
                        if !send(&mut socket, &event).await {
                            return;
                        }
                        sent_up_to = id.or(sent_up_to);
                    }
                }
                // A slow reader skipped events: send the gap from the log.
                Err(RecvError::Lagged(_)) => {
                    let Ok(gap) = app.async_queries.events_after(&channel, sent_up_to).await else {
                        return;
                    };
                    for event in gap {
                        if !send(&mut socket, &event).await {
                            return;
                        }
                        sent_up_to = event_id(&event).or(sent_up_to);
                    }
                }
                Err(RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
        }
    }
}
